// Images imported by the storefront's code: webpack gives their URL (a data: URL when small, see create-config).
declare module '*.svg' {
  const url: string;
  export default url;
}

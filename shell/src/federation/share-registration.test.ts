import { ModuleFederation, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// The federation runtime as the shell's build bundles it: with patches/@module-federation__runtime-core@2.9.2.patch
// (docs/decisions/039). Unpatched, every loadShareSync registered every shared module again.
function shellWith(names: string[]) {
  const registered: string[] = [];
  const counter: ModuleFederationRuntimePlugin = {
    name: 'count-registrations',
    afterRegisterShare(args) {
      registered.push(args.pkgName);
      return args;
    },
  };
  const federation = new ModuleFederation({
    name: 'shell-under-test',
    remotes: [],
    shared: Object.fromEntries(
      names.map((name) => [
        name,
        { version: '1.0.0', lib: () => ({ name }), shareConfig: { singleton: true, requiredVersion: '^1.0.0' } },
      ]),
    ),
    plugins: [counter],
  });
  return { federation, registered };
}

describe('the shared modules a page takes at start-up', () => {
  const names = Array.from({ length: 40 }, (_, index) => `library-${index}`);

  it('registers them as many times for forty taken as for one', () => {
    const { federation, registered } = shellWith(names);
    expect(federation.loadShareSync('library-0')?.()).toEqual({ name: 'library-0' });
    const afterOne = registered.length;
    expect(new Set(registered)).toEqual(new Set(names));
    for (const name of names.slice(1)) expect(federation.loadShareSync(name)?.()).toEqual({ name });
    expect(registered).toHaveLength(afterOne);
  });

  it('gives a module taken again the same registered copy', () => {
    const { federation } = shellWith(names);
    const first = federation.loadShareSync('library-7');
    expect(first).toBeDefined();
    expect(federation.loadShareSync('library-7')).toBe(first);
  });
});

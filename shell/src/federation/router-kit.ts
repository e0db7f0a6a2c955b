// docs/decisions/011: what the shell provides under the shared key `react-router-dom`. Every package keeps
// importing `react-router-dom`; the shell's build gives them this module instead of the whole package, so React
// Router's server, framework-mode and data-streaming code is left out of the first load. One copy still: the
// router's contexts live in the single `react-router` bundled here. A name the product starts to use must be
// added below; `router-kit.test.ts` fails until it is.
export {
  Await,
  createBrowserRouter,
  data,
  generatePath,
  isRouteErrorResponse,
  Link,
  matchPath,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  redirect,
  ScrollRestoration,
  useActionData,
  useAsyncError,
  useAsyncValue,
  useBlocker,
  useHref,
  useInRouterContext,
  useLoaderData,
  useLocation,
  useMatch,
  useMatches,
  useNavigate,
  useNavigation,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRevalidator,
  useRouteError,
  useRouteLoaderData,
  useSearchParams,
} from 'react-router';
export { RouterProvider } from 'react-router/dom';

// `testTimeout` in a project's Jest config is ignored when the root config runs every project at once
// (it is a global option), and a test that starts its own server on a fresh PGlite can take more than
// Jest's default 5 s on two busy cores: the server's tests get their minute here instead.
jest.setTimeout(60_000);

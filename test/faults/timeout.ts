// Each fault stops and restarts real processes; jest's testTimeout is ignored
// inside a project's config, so the limit (hooks included) is set here.
jest.setTimeout(120_000);

// Whole systems start and stop in the integration tests' hooks; on a loaded
// 2-core machine that can take longer than jest's 5 s default. (testTimeout
// in a project's config is ignored by jest; this applies to hooks too.)
jest.setTimeout(60_000);

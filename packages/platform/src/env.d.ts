/** The release label of the app being built (CHORUS_RELEASE, or its package version). */
declare const __RELEASE__: string;

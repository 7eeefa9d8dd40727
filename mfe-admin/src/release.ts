/** This build's release label (CHORUS_RELEASE at build time, else the package version). */
export const release: string = __RELEASE__;

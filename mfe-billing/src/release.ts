/** This build's release label (CHORUS_RELEASE at build time, else the package version). */
export const release: string = __RELEASE__;

/** Where customers write for help (CHORUS_SUPPORT_EMAIL at build time). */
export const supportEmail: string = __SUPPORT_EMAIL__;

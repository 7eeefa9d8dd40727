/** Where customers write for help (CHORUS_SUPPORT_EMAIL at build time). */
declare const __SUPPORT_EMAIL__: string;

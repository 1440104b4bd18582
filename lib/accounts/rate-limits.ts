/** The auth forms' length limits, zod-free so a form can use them without loading its schema. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 254;
export const NAME_MAX = 100;

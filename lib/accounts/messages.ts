/** Shown for a wrong password and an unknown email alike, so the form does not reveal who has an account. */
export const WRONG_CREDENTIALS = "The email or password is incorrect.";

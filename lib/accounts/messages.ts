/** Shown for a wrong password and an unknown email alike, so the form does not reveal who has an account. */
export const WRONG_CREDENTIALS = "The email or password is incorrect.";

/** How this instance takes new accounts (SIGN_UP): anyone, people with an invite, or nobody. */
export type SignUpMode = "open" | "invite" | "off";

/** What a person is told when the instance makes no account for them, by why. */
export const SIGN_UP_CLOSED: Record<Exclude<SignUpMode, "open">, string> = {
  invite:
    "New accounts here are by invitation. Ask a team admin for an invite, then sign up with the address it was sent to.",
  off: "This Clusterdeck takes no new accounts. Ask its administrator if you need one.",
};

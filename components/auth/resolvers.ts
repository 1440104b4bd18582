/** The auth forms' resolvers, in their own module so zod loads with the first validation (lazyResolver). */
import { zodResolver } from "@hookform/resolvers/zod";
import { signInSchema, signUpSchema } from "@/lib/auth/schemas";

export const signInResolver = zodResolver(signInSchema);
export const signUpResolver = zodResolver(signUpSchema);

/**
 * The login form of §5: Next needs a user name that is not blank, Login a password that is not empty (a password may
 * be all spaces). Plain functions, not a zod schema: the login page downloads no zod (issue 15).
 */
export const isLoginUsernameFilled = (username: string): boolean => username.trim().length > 0;
export const isLoginPasswordFilled = (password: string): boolean => password.length > 0;

export { LoginPage } from './routes/login-page';
export { ForgotPasswordPage } from './routes/forgot-password-page';
export { ResetPasswordPage } from './routes/reset-password-page';
export { PostLoginPage } from './routes/post-login-page';
export { safeRedirect } from './safe-redirect';

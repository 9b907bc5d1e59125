export { ContactPage } from './routes/contact-page';

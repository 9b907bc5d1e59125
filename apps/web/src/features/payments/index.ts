export { PaymentLinesTable } from './components/payment-lines-table';
export { PaymentActionsBar, type PaymentActionsBarProps } from './components/payment-actions-bar';
export { PaymentStatusChip } from './components/payment-status-chip';
export { PaymentDetail } from './components/payment-detail';
export { UserPayments } from './components/user-payments';
export { usePaymentActions, invalidatePaymentQueries } from './api/use-payment-actions';
export {
  paymentKeys,
  usePayments,
  usePayment,
  useUserPayments,
  usePaymentMethods,
  paymentsQueryOptions,
  userPaymentsQueryOptions,
  paymentMethodsQueryOptions,
  bookingPaymentsQueryOptions,
  type PaymentsFilter,
} from './api/payments-api';
export type { PaymentActionKind } from './payment-action-rules';
export { PaymentsPage, type PaymentsPageProps } from './components/payments-page';
export { validatePaymentsSearch, paymentsFilterOf, type PaymentsSearch } from './payments-search';

/**
 * The one place the users screens take the user actions of features/user-actions (W6b's feature): the status actions
 * menu with its dialogs, bulk approve, the suspicious and deletion lists, the Suspicious against tab and the identity
 * and licence panels.
 */
export {
  BulkApproveButton,
  IdentityPanel,
  LicencePanel,
  PendingDeletionList,
  SuspiciousAgainstTab,
  SuspiciousRegistrationsList,
  UserActionsMenu,
} from '@/features/user-actions';

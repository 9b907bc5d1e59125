export { UserActionsMenu, type UserActionsMenuProps } from './components/user-actions-menu';
export { BulkApproveButton, type BulkApproveButtonProps } from './components/bulk-approve-button';
export { ApprovalWizard } from './components/approval-wizard';
export { BlockDialog } from './components/block-dialog';
export { IdentityPanel, type IdentityPanelProps } from './components/identity-panel';
export { SetIdentityDialog } from './components/set-identity-dialog';
export { LicensePanel, LicensePanel as LicencePanel, type LicensePanelProps } from './components/license-panel';
export { LicenseCheckDialog } from './components/license-check-dialog';
export { LicenseStateChip } from './components/license-state-chip';
export { SuspiciousAgainstTab } from './components/suspicious-against-tab';
export { SuspiciousRegistrationsList } from './components/suspicious-registrations-list';
export { PendingDeletionList } from './components/pending-deletion-list';
export { useUserAction, runUserAction, userActionSuccessMessage, userActionFailure, type ServerUserAction } from './api/use-user-action';
export {
  userActionKeys,
  duplicatesQueryOptions,
  licenseChecksQueryOptions,
  blockStatusQueryOptions,
  suspiciousUsersQueryOptions,
  pendingDeletionQueryOptions,
} from './api/user-actions-api';
export { isApprovedStatus, USER_ACTION_ORDER } from './user-action-rules';
export {
  APPROVAL_STEPS,
  initialApprovalStep,
  canContinue,
  canGoBack,
  canSkip,
  isStepCompleted,
  type ApprovalStep,
  type ApprovalFacts,
} from './approval-steps';

/**
 * The approval wizard's step logic (spec §4), kept pure so it can be tested. Steps are 0-based:
 * 0 Identify user, 1 Validate driver's license, 2 Finish approval, 3 Finished.
 *
 * §4 says the dialog "opens at step 1 if identity is verified, at step 2 if the license is verified, and at step 3 if
 * the user is already approved". We read these as 0-based step indices (the stepper's activeStep), i.e. the wizard
 * skips what is already done: identity verified → the licence step; licence verified → Finish approval; already
 * approved → Finished. The later condition wins (docs/decisions/0030-user-actions-ui.md).
 */
export const APPROVAL_STEPS = ['identify', 'license', 'approve', 'finished'] as const;
export type ApprovalStepKey = (typeof APPROVAL_STEPS)[number];
export type ApprovalStep = 0 | 1 | 2 | 3;

export interface ApprovalFacts {
  identityVerified: boolean;
  verifiedDriversLicense: boolean;
  approved: boolean;
}

export function initialApprovalStep(facts: ApprovalFacts): ApprovalStep {
  if (facts.approved) return 3;
  if (facts.verifiedDriversLicense) return 2;
  if (facts.identityVerified) return 1;
  return 0;
}

/** Continue is enabled only once identityVerified (step 1) / verifiedDriversLicense (step 2) is set. */
export function canContinue(step: ApprovalStep, facts: ApprovalFacts): boolean {
  if (step === 0) return facts.identityVerified;
  if (step === 1) return facts.verifiedDriversLicense;
  return false;
}

/** Skip on the identity and licence steps only. */
export const canSkip = (step: ApprovalStep) => step === 0 || step === 1;

/** Back: allowed from the licence step and Finish approval; on Finished hidden once the user is approved. */
export function canGoBack(step: ApprovalStep, facts: ApprovalFacts): boolean {
  if (step === 1 || step === 2) return true;
  if (step === 3) return !facts.approved;
  return false;
}

/** A step shows as completed when what it stands for is done; a skipped step is never shown completed. */
export function isStepCompleted(step: ApprovalStep, facts: ApprovalFacts, skipped: ReadonlySet<ApprovalStep>): boolean {
  if (skipped.has(step)) return false;
  if (step === 0) return facts.identityVerified;
  if (step === 1) return facts.verifiedDriversLicense;
  if (step === 2) return facts.approved;
  return facts.approved;
}

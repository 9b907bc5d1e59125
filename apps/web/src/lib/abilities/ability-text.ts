import type { TFunction } from 'i18next';
import { MESSAGES, fixedMessageKey, type Ability, type MessageKey } from '@fleetdesk/contract';

const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(MESSAGES, value);

/**
 * Why an action is not allowed, in the staff member's language: the ability's `reason` is a message id
 * (`errorId.core.staff.lastAdmin` …) or a message key (`activateOutsideWindow` …), decided by the server (GUIDE §3.2).
 * The web never re-derives the rule; a reason it has no text for reads as a plain "Not allowed". Null when allowed.
 */
export function abilityReasonText(ability: Ability, t: TFunction): string | null {
  if (ability.allowed) return null;
  const reason = ability.reason ?? '';
  const key = fixedMessageKey(reason) ?? (isMessageKey(reason) ? reason : undefined);
  return key ? t(`messages.${key}`) : t('common.notAllowed');
}

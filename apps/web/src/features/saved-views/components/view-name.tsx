import type { SavedView } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { SAVED_VIEWS_NS } from '../strings';

/** A view's name: a built-in view's in the UI language, a staff member's as typed. */
export function useViewName() {
  const { t } = useTranslation(SAVED_VIEWS_NS);
  return (view: Pick<SavedView, 'name' | 'builtInKey'>) => (view.builtInKey ? t(`builtIn.${view.builtInKey}`) : view.name);
}

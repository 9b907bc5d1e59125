import { withTranslations } from '@/lib/i18n/i18n';

/**
 * A lazy part of the vehicle card with the strings it draws: the vehicle's, its alarms' and its events' (the support
 * search, which lists vehicle cards, loads only its own and the vehicles' strings: issue 15).
 */
export const loadCardStrings = <T>(load: () => Promise<T>): Promise<T> => withTranslations(load, ['vehicles', 'alarms', 'eventText'])();

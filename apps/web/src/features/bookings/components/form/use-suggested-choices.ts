import { useEffect } from 'react';
import { useBookingSuggestions } from '../../api/booking-form-api';
import type { BookingFormModel } from './use-booking-form-model';

/**
 * Suggestions: a new booking starts from the customer's last choices of contract and pools, once per customer and only
 * when everything is loaded; a customer with one contract gets that contract. The vehicle is never prefilled: staff
 * choose the price class, model or vehicle with the customer (issue 17; docs/decisions/0053-creation-dialog-truth.md).
 */
export function useSuggestedChoices(model: BookingFormModel) {
  const { updating, username, suggestionApplied, contractsQuery, contracts, values, changeContract, contractOf, set } = model;
  const suggestions = useBookingSuggestions(username, !updating && values.contractId === null);
  useEffect(() => {
    if (updating || !username || suggestionApplied.current === username || !contractsQuery.data || values.contractId !== null) return;
    if (suggestions.isPending && suggestions.fetchStatus !== 'idle') return;
    suggestionApplied.current = username;
    const suggestion = suggestions.data?.find((s) => contracts.some((c) => c.id === s.contractId));
    if (suggestion) {
      changeContract(suggestion.contractId);
      const next = contractOf(suggestion.contractId);
      set('fromPoolId', suggestion.fromPoolId);
      set('toPoolId', next?.oneWayAllowed ? suggestion.toPoolId : suggestion.fromPoolId);
    } else if (contracts.length === 1 && contracts[0]) {
      changeContract(contracts[0].id);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- applied once per customer, when everything is loaded
  }, [username, contractsQuery.data, suggestions.data, suggestions.isPending, suggestions.fetchStatus, values.contractId, updating]);
}

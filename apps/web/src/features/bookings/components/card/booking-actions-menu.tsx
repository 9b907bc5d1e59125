import { useState, type ReactElement } from 'react';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import AddCardOutlinedIcon from '@mui/icons-material/AddCardOutlined';
import BlockIcon from '@mui/icons-material/Block';
import BuildOutlinedIcon from '@mui/icons-material/BuildOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EvStationOutlinedIcon from '@mui/icons-material/EvStationOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import LocalTaxiOutlinedIcon from '@mui/icons-material/LocalTaxiOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PlayArrowOutlinedIcon from '@mui/icons-material/PlayArrowOutlined';
import PriceCheckOutlinedIcon from '@mui/icons-material/PriceCheckOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import ShoppingCartCheckoutIcon from '@mui/icons-material/ShoppingCartCheckout';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import StopOutlinedIcon from '@mui/icons-material/StopOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import { useIsMutating } from '@tanstack/react-query';
import { BOOKING_ABILITY_KEYS, type Booking, type BookingAbilityKey } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { ActionsMenu, type ActionsMenuItem } from '@/components/actions-menu';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { BOOKING_ACTION_SHORTCUTS } from '../../booking-shortcuts';
import { deactivatesUnchecked } from './booking-menu-rules';
import { ExtendDialog } from './extend-dialog';
import { ForceEndDialog } from './force-end-dialog';
import { REASON_MAX_LENGTH } from './force-end-form';
import { usePaymentDialogs } from './payment/use-payment-dialogs';
import { TextInputDialog } from './text-input-dialog';
import { useBookingAction, useMailReceipt } from './use-booking-action';

const TECHNICAL_ISSUE_MAX_LENGTH = 1000;

const ICONS: Record<BookingAbilityKey, ReactElement> = {
  checkout: <ShoppingCartCheckoutIcon fontSize="small" />,
  mailReceipt: <ReceiptLongOutlinedIcon fontSize="small" />,
  adjustValues: <TuneIcon fontSize="small" />,
  activate: <PlayArrowOutlinedIcon fontSize="small" />,
  deactivate: <StopOutlinedIcon fontSize="small" />,
  requestPin: <EvStationOutlinedIcon fontSize="small" />,
  cancel: <BlockIcon fontSize="small" />,
  forceEnd: <StopCircleOutlinedIcon fontSize="small" />,
  replaceWithTaxi: <LocalTaxiOutlinedIcon fontSize="small" />,
  replaceWithRideshare: <GroupsOutlinedIcon fontSize="small" />,
  edit: <EditOutlinedIcon fontSize="small" />,
  extend: <AccessTimeIcon fontSize="small" />,
  lockForUser: <LockOutlinedIcon fontSize="small" />,
  unlockForUser: <LockOpenOutlinedIcon fontSize="small" />,
  reportTechnicalIssue: <BuildOutlinedIcon fontSize="small" />,
  credit: <RequestQuoteOutlinedIcon fontSize="small" />,
  addFee: <AddCardOutlinedIcon fontSize="small" />,
  fixedPrice: <PriceCheckOutlinedIcon fontSize="small" />,
};

/** The menu's groups: the booking's state changes, its terms, then money and the rest (§4 "other actions"). */
const GROUP: Record<BookingAbilityKey, number> = {
  activate: 1,
  deactivate: 1,
  requestPin: 1,
  cancel: 1,
  forceEnd: 1,
  replaceWithTaxi: 1,
  replaceWithRideshare: 1,
  checkout: 1,
  adjustValues: 1,
  edit: 2,
  extend: 2,
  lockForUser: 2,
  unlockForUser: 2,
  credit: 3,
  addFee: 3,
  fixedPrice: 3,
  reportTechnicalIssue: 3,
  mailReceipt: 3,
};
/** Actions that end or cancel the customer's booking: red, behind a confirmation with a reason. */
const DESTRUCTIVE: ReadonlySet<BookingAbilityKey> = new Set(['deactivate', 'cancel', 'forceEnd', 'replaceWithTaxi', 'replaceWithRideshare']);

type OpenDialog =
  | 'activate'
  | 'deactivate'
  | 'checkout'
  | 'cancel'
  | 'forceEnd'
  | 'extend'
  | 'replaceWithTaxi'
  | 'replaceWithRideshare'
  | 'reportTechnicalIssue'
  | null;

interface BookingActionsMenuProps {
  booking: Booking;
  onEdit: () => void;
  onAdjustValues: () => void;
  onRequestPin: () => void;
}

/**
 * The booking menu of spec §4, drawn from the abilities the server sent with the booking (issue 16: no menu rule lives
 * in the web): an entry refused with a reason is shown unavailable with the reason; one that does not apply is left
 * out. Every entry that changes the booking asks first (issue 17), naming the booking and the customer; those that end
 * or cancel it ask for a reason, which goes into the event log. Keyboard: Enter/Space opens, arrows move; the menu
 * opens with the focus on the list, not on an entry.
 */
export function BookingActionsMenu({ booking, onEdit, onAdjustValues, onRequestPin }: BookingActionsMenuProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const action = useBookingAction(booking.bid);
  const receipt = useMailReceipt(booking.bid);
  const paymentDialogs = usePaymentDialogs(booking);
  const running =
    useIsMutating({ mutationKey: ['bookings', 'action', { bid: booking.bid }] }) +
      useIsMutating({ mutationKey: ['bookings', 'receipt', { bid: booking.bid }] }) >
    0;
  const closeDialog = () => setDialog(null);
  const customer = booking.user?.fullNameLastFirst ?? t('bookingCard.confirm.noCustomer');
  const vehicle = booking.vehicleAllocation.vehicle?.longPresentation ?? t('bookingCard.confirm.noVehicle');
  const reasonField = { label: t('bookingCard.dialogs.reason'), maxLength: REASON_MAX_LENGTH, help: t('bookingCard.confirm.reasonHelp') };
  /** After a refused action the booking is read again, so the card shows the state the server has (issue 17). */
  const run = (request: Parameters<typeof action.mutate>[0]) => action.mutate(request, { onSuccess: closeDialog, onError: closeDialog });

  const choose = (key: BookingAbilityKey) => {
    switch (key) {
      case 'activate':
      case 'deactivate':
      case 'checkout':
      case 'cancel':
      case 'forceEnd':
      case 'extend':
      case 'replaceWithTaxi':
      case 'replaceWithRideshare':
      case 'reportTechnicalIssue':
        return setDialog(key);
      case 'lockForUser':
      case 'unlockForUser':
        return action.mutate({ kind: 'lockForUser', locked: key === 'lockForUser' });
      case 'mailReceipt':
        return receipt.mutate();
      case 'requestPin':
        return onRequestPin();
      case 'edit':
        return onEdit();
      case 'adjustValues':
        return onAdjustValues();
      case 'credit':
        return paymentDialogs.openBilling({ mode: 'credit' });
      case 'addFee':
        return paymentDialogs.openBilling({ mode: 'fee' });
      case 'fixedPrice':
        return paymentDialogs.openFixedPrice();
    }
  };

  const items: ActionsMenuItem<BookingAbilityKey>[] = BOOKING_ABILITY_KEYS.map((key) => ({
    key,
    label: t(`bookingCard.actions.${key}`),
    icon: ICONS[key],
    ability: booking.abilities[key],
    destructive: DESTRUCTIVE.has(key),
    group: GROUP[key],
    shortcut: BOOKING_ACTION_SHORTCUTS[key],
  }));

  return (
    <>
      <ActionsMenu label={t('bookingCard.actions.menu')} items={items} onChoose={choose} busy={running} pageShortcuts testId="booking-actions" />

      {dialog === 'activate' && (
        <ConfirmDialog
          title={t('bookingCard.confirm.activateTitle', { bid: booking.bid })}
          message={t('bookingCard.confirm.activateMessage', { customer, vehicle })}
          confirmLabel={t('bookingCard.actions.activate')}
          pending={action.isPending}
          onConfirm={() => run({ kind: 'activate' })}
          onClose={closeDialog}
        />
      )}
      {dialog === 'deactivate' && (
        <ConfirmDialog
          title={t('bookingCard.confirm.deactivateTitle', { bid: booking.bid })}
          message={t(deactivatesUnchecked(booking) ? 'bookingCard.confirm.deactivateUncheckedMessage' : 'bookingCard.confirm.deactivateMessage', {
            customer,
            vehicle,
          })}
          confirmLabel={t('bookingCard.actions.deactivate')}
          destructive
          reason={reasonField}
          pending={action.isPending}
          onConfirm={(reason) => run({ kind: 'deactivate', unchecked: deactivatesUnchecked(booking), reason: reason ?? '' })}
          onClose={closeDialog}
        />
      )}
      {dialog === 'checkout' && (
        <ConfirmDialog
          title={t('bookingCard.confirm.checkoutTitle', { bid: booking.bid })}
          message={t('bookingCard.confirm.checkoutMessage', { customer })}
          confirmLabel={t('bookingCard.actions.checkout')}
          pending={action.isPending}
          onConfirm={() => run({ kind: 'checkout' })}
          onClose={closeDialog}
        />
      )}
      {dialog === 'cancel' && (
        <ConfirmDialog
          title={t('bookingCard.cancel.title', { bid: booking.bid })}
          message={t('bookingCard.confirm.cancelMessage', { customer })}
          confirmLabel={t('bookingCard.cancel.submit')}
          destructive
          reason={reasonField}
          pending={action.isPending}
          onConfirm={(reason) => run({ kind: 'cancel', reason: reason ?? '' })}
          onClose={closeDialog}
        />
      )}
      {dialog === 'reportTechnicalIssue' && (
        <TextInputDialog
          title={t('bookingCard.technicalIssue.title', { bid: booking.bid })}
          intro={t('bookingCard.technicalIssue.intro')}
          label={t('bookingCard.technicalIssue.description')}
          maxLength={TECHNICAL_ISSUE_MAX_LENGTH}
          submitLabel={t('bookingCard.technicalIssue.submit')}
          pending={action.isPending}
          onSubmit={(description) => run({ kind: 'technicalIssue', description })}
          onClose={closeDialog}
        />
      )}
      {(dialog === 'replaceWithTaxi' || dialog === 'replaceWithRideshare') && (
        <ConfirmDialog
          title={t(`bookingCard.replace.${dialog}Title`, { bid: booking.bid })}
          message={t(`bookingCard.confirm.${dialog}Message`, { customer })}
          confirmLabel={t(`bookingCard.actions.${dialog}`)}
          destructive
          reason={reasonField}
          pending={action.isPending}
          onConfirm={(reason) => run({ kind: dialog, reason: reason ?? '' })}
          onClose={closeDialog}
        />
      )}
      {dialog === 'forceEnd' && <ForceEndDialog booking={booking} onClose={closeDialog} />}
      {dialog === 'extend' && <ExtendDialog booking={booking} onClose={closeDialog} />}
      {paymentDialogs.dialogs}
    </>
  );
}

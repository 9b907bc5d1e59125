import { Fragment, useId, useState, type ReactElement } from 'react';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import AddCardOutlinedIcon from '@mui/icons-material/AddCardOutlined';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
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
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useIsMutating } from '@tanstack/react-query';
import type { Booking } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { bookingMenuItems, deactivatesUnchecked, type BookingMenuKey } from './booking-menu-rules';
import { ConfirmDialog } from './confirm-dialog';
import { ExtendDialog } from './extend-dialog';
import { ForceEndDialog } from './force-end-dialog';
import { REASON_MAX_LENGTH } from './force-end-form';
import { usePaymentDialogs } from './payment/use-payment-dialogs';
import { TextInputDialog } from './text-input-dialog';
import { useBookingAction, useMailReceipt } from './use-booking-action';

const TECHNICAL_ISSUE_MAX_LENGTH = 1000;

const ICONS: Record<BookingMenuKey, ReactElement> = {
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

type OpenDialog = 'cancel' | 'forceEnd' | 'extend' | 'replaceWithTaxi' | 'replaceWithRideshare' | 'reportTechnicalIssue' | null;

interface BookingActionsMenuProps {
  booking: Booking;
  onEdit: () => void;
  onAdjustValues: () => void;
  onRequestPin: () => void;
}

/** The booking menu of spec §4, with the dialogs its entries open. Keyboard: Enter/Space opens, arrows move. */
export function BookingActionsMenu({ booking, onEdit, onAdjustValues, onRequestPin }: BookingActionsMenuProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const action = useBookingAction(booking.bid);
  const receipt = useMailReceipt(booking.bid);
  const paymentDialogs = usePaymentDialogs(booking);
  const running =
    useIsMutating({ mutationKey: ['bookings', 'action', { bid: booking.bid }] }) +
      useIsMutating({ mutationKey: ['bookings', 'receipt', { bid: booking.bid }] }) >
    0;
  const closeDialog = () => setDialog(null);

  const choose = (key: BookingMenuKey) => {
    setAnchor(null);
    switch (key) {
      case 'activate':
        return action.mutate({ kind: 'activate' });
      case 'deactivate':
        return action.mutate({ kind: 'deactivate', unchecked: deactivatesUnchecked(booking) });
      case 'checkout':
        return action.mutate({ kind: 'checkout' });
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
      case 'cancel':
      case 'forceEnd':
      case 'extend':
      case 'replaceWithTaxi':
      case 'replaceWithRideshare':
      case 'reportTechnicalIssue':
        return setDialog(key);
    }
  };

  const items = bookingMenuItems(booking, now);

  return (
    <>
      <Button
        variant="contained"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        aria-busy={running || undefined}
        disabled={running}
        onClick={(event) => {
          setNow(Date.now());
          setAnchor(event.currentTarget);
        }}
        startIcon={running ? <CircularProgress size={16} color="inherit" aria-label={t('common.loading')} /> : undefined}
        endIcon={<ArrowDropDownIcon />}
      >
        {t('bookingCard.actions.menu')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { dense: true, 'aria-label': t('bookingCard.actions.menu') } }}
      >
        {items.map((item, index) => (
          <Fragment key={item.key}>
            {index > 0 && items[index - 1]?.group !== item.group && <Divider component="li" role="separator" />}
            <MenuItem disabled={!item.enabled} onClick={() => choose(item.key)}>
              <ListItemIcon>{ICONS[item.key]}</ListItemIcon>
              <ListItemText>{t(`bookingCard.actions.${item.key}`)}</ListItemText>
            </MenuItem>
          </Fragment>
        ))}
      </Menu>

      {dialog === 'cancel' && (
        <TextInputDialog
          title={t('bookingCard.cancel.title', { bid: booking.bid })}
          intro={t('bookingCard.cancel.intro')}
          label={t('bookingCard.dialogs.reason')}
          maxLength={REASON_MAX_LENGTH}
          submitLabel={t('bookingCard.cancel.submit')}
          color="error"
          pending={action.isPending}
          onSubmit={(reason) => action.mutate({ kind: 'cancel', reason }, { onSuccess: closeDialog })}
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
          onSubmit={(description) => action.mutate({ kind: 'technicalIssue', description }, { onSuccess: closeDialog })}
          onClose={closeDialog}
        />
      )}
      {(dialog === 'replaceWithTaxi' || dialog === 'replaceWithRideshare') && (
        <ConfirmDialog
          title={t(`bookingCard.replace.${dialog}Title`, { bid: booking.bid })}
          body={t(`bookingCard.replace.${dialog}Body`)}
          confirmLabel={t(`bookingCard.actions.${dialog}`)}
          color="warning"
          pending={action.isPending}
          onConfirm={() => action.mutate({ kind: dialog }, { onSuccess: closeDialog })}
          onClose={closeDialog}
        />
      )}
      {dialog === 'forceEnd' && <ForceEndDialog booking={booking} onClose={closeDialog} />}
      {dialog === 'extend' && <ExtendDialog booking={booking} onClose={closeDialog} />}
      {paymentDialogs.dialogs}
    </>
  );
}

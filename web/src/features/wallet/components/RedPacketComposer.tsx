// Writing a red packet (SPEC sections 3 and 5): the amount in coins is required, the blessing is
// optional (the default one is the placeholder, and the server fills it in).
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { TextField } from '../../../components/Field';
import { formatNumber } from '../../../i18n/format';
import type { Balances } from '../api/types';
import { MAX_BLESSING_CHARS, parseRedPacketAmount, rechargeHref } from '../display';
import { CoinIcon, RedPacketIcon } from './icons';
import './wallet.css';

export interface RedPacketDraft {
  amount: number;
  /** Absent: the server writes the default blessing in the sender's language. */
  blessing?: string;
}

export function RedPacketComposer({
  open,
  onClose,
  balances,
  onSend,
}: {
  open: boolean;
  onClose: () => void;
  balances: Balances | undefined;
  onSend: (draft: RedPacketDraft) => void;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [blessing, setBlessing] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [short, setShort] = useState(false);
  const coins = balances?.coins;

  const close = () => {
    setAmount('');
    setBlessing('');
    setError(null);
    setShort(false);
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = parseRedPacketAmount(amount);
    if (value === null) {
      setError(
        amount.trim() === ''
          ? t('wallet.redPacketAmountRequired')
          : t('wallet.redPacketAmountInvalid'),
      );
      return;
    }
    if (coins !== undefined && value > coins) {
      setShort(true);
      return;
    }
    const text = blessing.trim();
    onSend(text ? { amount: value, blessing: text } : { amount: value });
    close();
  };

  return (
    <Dialog open={open} onClose={close} title={t('wallet.redPacketTitle')} sheet>
      <form className="red-packet-form" onSubmit={submit} noValidate>
        <div className="red-packet-art" aria-hidden="true">
          <RedPacketIcon size={34} />
        </div>
        <TextField
          label={t('wallet.redPacketAmount')}
          name="amount"
          inputMode="numeric"
          autoComplete="off"
          value={amount}
          error={error}
          hint={
            coins === undefined
              ? undefined
              : t('wallet.youHaveCoins', { amount: formatNumber(coins) })
          }
          onChange={(e) => {
            setAmount(e.target.value.replace(/[^\d]/g, ''));
            setError(null);
            setShort(false);
          }}
        />
        <TextField
          label={t('wallet.blessing')}
          name="blessing"
          optional
          maxLength={MAX_BLESSING_CHARS}
          placeholder={t('wallet.defaultBlessing')}
          value={blessing}
          onChange={(e) => setBlessing(e.target.value)}
        />
        <p className="red-packet-note">{t('wallet.redPacketNote')}</p>
        {short && (
          <div className="wallet-short" role="alert" data-testid="insufficient-coins">
            <span className="grow">{t('wallet.insufficientCoins')}</span>
            <Link className="btn btn-primary btn-small" to={rechargeHref('gold')}>
              {t('wallet.recharge')}
            </Link>
          </div>
        )}
        <div className="sheet-form-actions dialog-actions wallet-send-actions">
          <Button variant="outline" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" className="grow-btn red-packet-send">
            <CoinIcon size={18} />
            {t('wallet.sendRedPacket')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

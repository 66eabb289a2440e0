import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '../kit/button';
import './wallet.css';

export interface OfferRowProps {
  /** What is on offer (a coin pack, a plan), already translated. */
  children: ReactNode;
  /** The price as shown on the button. */
  price: string;
  /** The button's accessible name: what pressing it buys, and for how much. */
  buyLabel: string;
  variant?: ButtonVariant;
  onBuy(): void;
}

/** One row of a price list (coin packs, membership plans): the offer, and its price as the buy button. */
export function OfferRow({ children, price, buyLabel, variant = 'primary', onBuy }: OfferRowProps) {
  return (
    <li className="wallet-pack">
      {children}
      <Button variant={variant} onClick={onBuy} aria-label={buyLabel}>
        {price}
      </Button>
    </li>
  );
}

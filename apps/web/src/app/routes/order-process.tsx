import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Container } from '../../components/layouts/container';
import { DocumentTitle } from '../../components/ui/document-title';
import { CheckoutProcess } from '../../features/checkout/components/checkout-process';
import { PaymentReturn } from '../../features/checkout/components/payment-return';
import {
  OrderAuthLoading,
  OrderSignInPrompt,
} from '../../features/orders/components/order-sign-in-prompt';
import { useAuth } from '../../lib/auth';

/** A positive whole number from the address, or null (shown as 'Order not found!'). */
function useOrderIdParam(): number | null {
  const value = useParams().orderId ?? '';
  return /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** Orders belong to a signed-in user; others are asked to sign in first. */
function SignedIn({ title, children }: { title: string; children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'anonymous') return <OrderSignInPrompt title={title} />;
  if (status === 'loading') return <OrderAuthLoading />;
  return children;
}

/** Spec §2 /order/process/{orderId}: the completion flow opened after an order is placed. */
export function OrderProcessRoute() {
  const orderId = useOrderIdParam();
  return (
    <Container className="py-8">
      <DocumentTitle title="Complete your order" />
      <SignedIn title="Complete Your Order">
        <CheckoutProcess key={orderId} orderId={orderId} />
      </SignedIn>
    </Container>
  );
}

/** Spec §2 /order/success/{orderId}: the card payment's return address. */
export function OrderSuccessRoute() {
  const orderId = useOrderIdParam();
  return (
    <Container className="py-8">
      <DocumentTitle title="Payment" />
      <SignedIn title="Payment">
        <PaymentReturn key={orderId} orderId={orderId} />
      </SignedIn>
    </Container>
  );
}

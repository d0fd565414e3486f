import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader, pageContainerSx } from '@/components/page-header.tsx';
import { LoadError, LoadingBlock } from '@/components/query-states.tsx';
import { actionErrorText } from '@/lib/api-errors.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { awaitingConfirmation, subscriptionQueryOptions, useSubscription } from '../api/get-subscription.ts';
import { AFFECTED_BY_PREMIUM } from '../api/query-keys.ts';
import { useStartCheckout } from '../api/start-checkout.ts';
import { CheckoutReturnAlert } from '../components/checkout-return-alert.tsx';
import { PlanCard } from '../components/plan-card.tsx';
import { PremiumContentList } from '../components/premium-content-list.tsx';
import { PremiumHelp } from '../components/premium-help.tsx';
import { StatusCard } from '../components/status-card.tsx';
import { CHECKOUT_PARAM, readCheckoutOutcome } from '../lib/checkout-return.ts';
import { isCurrentPlan, isPaidPlan } from '../lib/plan-format.ts';

export const CHECKOUT_FAILED = 'Could not start the checkout.';

/** R2 /subscription: the learner's premium status, the plans, and the way to premium. */
export function SubscriptionPage() {
  usePageTitle('Subscription');
  const [searchParams, setSearchParams] = useSearchParams();
  const outcome = readCheckoutOutcome(searchParams);
  const subscription = useSubscription({ awaitPremium: outcome === 'success' });
  const checkout = useStartCheckout();
  const queryClient = useQueryClient();

  const isPremium = subscription.data?.is_premium === true;
  // Once premium shows after a payment, the navbar link and the premium locks elsewhere are out of date.
  useEffect(() => {
    if (outcome !== 'success' || !isPremium) return;
    for (const queryKey of AFFECTED_BY_PREMIUM) void queryClient.invalidateQueries({ queryKey });
  }, [outcome, isPremium, queryClient]);

  // Back from Stripe through the browser's history, the page may be restored as it was left: mid-redirect.
  const resetCheckout = checkout.reset;
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) resetCheckout();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [resetCheckout]);

  const dismissReturn = () => {
    const next = new URLSearchParams(searchParams);
    next.delete(CHECKOUT_PARAM);
    setSearchParams(next, { replace: true });
  };

  const checkoutError = checkout.isError ? actionErrorText(checkout.error, CHECKOUT_FAILED) : null;

  let body;
  if (subscription.isPending) {
    body = <LoadingBlock label="Loading your subscription…" />;
  } else if (subscription.isError) {
    body = (
      <LoadError
        title="Could not load your subscription."
        error={subscription.error}
        onRetry={() => void subscription.refetch()}
      />
    );
  } else {
    const status = subscription.data;
    const canBuy = status.payments_enabled && !status.is_premium;
    body = (
      <>
        <StatusCard status={status} />
        <PremiumContentList content={status.premium_content} isPremium={status.is_premium} />
        {checkoutError && (
          <Alert severity="error" sx={{ mb: 3 }}>
            {checkoutError}
          </Alert>
        )}
        <Box component="section" aria-labelledby="plans-title">
          <Typography id="plans-title" variant="h5" component="h2" sx={{ mb: 2 }}>
            Plans
          </Typography>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {status.plans.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                current={isCurrentPlan(plan, status)}
                onUpgrade={canBuy && isPaidPlan(plan) ? () => checkout.mutate() : undefined}
                upgrading={checkout.isPending || checkout.isSuccess}
              />
            ))}
          </Box>
        </Box>
        {!status.payments_enabled && <PremiumHelp isPremium={status.is_premium} />}
      </>
    );
  }

  return (
    <Container maxWidth="md" sx={pageContainerSx}>
      <PageHeader eyebrow="Account" title="Subscription">
        Your plan, and what Premium adds to it.
      </PageHeader>
      {outcome && !subscription.isPending && (
        <CheckoutReturnAlert
          outcome={outcome}
          isPremium={isPremium}
          confirming={awaitingConfirmation(
            queryClient.getQueryState(subscriptionQueryOptions().queryKey) ?? { dataUpdateCount: 0 },
          )}
          onClose={dismissReturn}
        />
      )}
      {body}
    </Container>
  );
}

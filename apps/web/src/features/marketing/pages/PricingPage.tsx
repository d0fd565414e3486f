import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { FREE_PLAN_SUMMARY, PLAN_FEATURES, type PublicPlans } from '@bastion/contract';
import { INTERVAL_LABELS, planPrice } from '@/domain/plan-price.ts';
import { useSession } from '@/lib/session';
import { usePlans } from '../api/get-plans.ts';
import { PlanCard, type Plan } from '../components/plan-card.tsx';

const FAQ = [
  {
    q: 'Do I need to install anything?',
    a: 'No. Lessons, quizzes and challenges run in your browser. The terminal in quizzes is a small Linux machine running inside your browser tab, so nothing you type touches a real system.',
  },
  {
    q: 'Do I keep my progress when I upgrade?',
    a: 'Yes. Premium is the same account: your points, badges, streak and certificates stay exactly where they are.',
  },
  {
    q: 'What happens when Premium ends?',
    a: 'Everything you earned stays yours. Premium courses, modules and challenges are locked again until you renew.',
  },
];

/** The paid plan's price as the subscription page sells it, and how it is bought on this server. */
function premiumPrice(data: PublicPlans | undefined, failed: boolean): Pick<Plan, 'price' | 'priceNote'> {
  const paid = data?.plans.find((plan) => plan.price > 0 && plan.interval !== null);
  if (!paid) {
    return failed
      ? { price: 'Premium', priceNote: 'The price is shown on your subscription page' }
      : { price: '…', priceNote: 'Loading the price…' };
  }
  const interval = paid.interval ? `${INTERVAL_LABELS[paid.interval]} · ` : '';
  return {
    price: planPrice(paid),
    priceNote: data?.payments_enabled
      ? `${interval}pay by card, cancel at any time`
      : `${interval}ask the team, or redeem an upgrade code`,
  };
}

/** `/pricing`: Free vs Premium, with the same prices as the subscription page. */
export function PricingPage() {
  const { status } = useSession();
  const signedIn = status === 'authenticated';
  const plansQuery = usePlans();
  const plans: Plan[] = [
    {
      name: 'Free',
      price: '$0',
      priceNote: 'Free forever, no card required',
      summary: 'Whole courses and every free challenge, certificates included.',
      features: PLAN_FEATURES.free,
      cta: signedIn
        ? { label: 'Go to your dashboard', to: '/dashboard' }
        : { label: 'Create a free account', to: '/register' },
    },
    {
      name: 'Premium',
      ...premiumPrice(plansQuery.data, plansQuery.isError),
      summary: 'Every course, module and challenge, with every certificate.',
      features: PLAN_FEATURES.premium,
      cta: signedIn
        ? { label: 'Upgrade your plan', to: '/subscription' }
        : { label: 'Sign up to upgrade', to: '/register' },
      highlighted: true,
    },
  ];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
      <Box sx={{ maxWidth: 680, mb: { xs: 5, md: 7 } }}>
        <Typography variant="eyebrow" sx={{ color: 'primary.main', mb: 1.5 }}>
          Pricing
        </Typography>
        <Typography variant="h1" sx={{ mb: 2 }}>
          Start free. Upgrade when you want more.
        </Typography>
        <Typography variant="subtitle1" component="p" sx={{ color: 'text.secondary' }}>
          {FREE_PLAN_SUMMARY} Premium unlocks the courses, modules and challenges marked Premium.
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, maxWidth: 960 }}>
        {plans.map((plan) => (
          <PlanCard key={plan.name} plan={plan} />
        ))}
      </Box>
      <Box component="section" aria-labelledby="faq-title" sx={{ mt: { xs: 8, md: 10 }, maxWidth: 760 }}>
        <Typography id="faq-title" variant="h3" component="h2" sx={{ mb: 3 }}>
          Questions
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 3 }}>
          {FAQ.map((item) => (
            <Box key={item.q}>
              <Typography component="dt" variant="h5" sx={{ mb: 0.5 }}>
                {item.q}
              </Typography>
              <Typography component="dd" sx={{ m: 0, color: 'text.secondary' }}>
                {item.a}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
    </Container>
  );
}

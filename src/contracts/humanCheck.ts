/**
 * Which human check a deployment uses (issue 8 part 3): ALTCHA (self-hosted, the default), or
 * Cloudflare Turnstile or hCaptcha when their keys are configured. Spec §5: the messages name
 * the provider's widget.
 */
export const humanCheckProviders = ['altcha', 'turnstile', 'hcaptcha'] as const;
export type HumanCheckProvider = (typeof humanCheckProviders)[number];

export const humanCheckProviderNames: Record<HumanCheckProvider, string> = {
  altcha: 'ALTCHA',
  turnstile: 'Cloudflare Turnstile',
  hcaptcha: 'hCaptcha',
};

/** The messages for one provider; for ALTCHA they equal formMessages' (src/contracts/forms.ts). */
export function humanCheckText(provider: HumanCheckProvider) {
  const name = humanCheckProviderNames[provider];
  return {
    required: `Please complete the ${name} human check.`,
    failed: `The ${name} human check could not be verified. Please verify again.`,
    used: `This ${name} human check was already used. Please verify again.`,
    loading: 'Loading the human check…',
    loadFailed: `The ${name} human check could not be loaded. Please check your connection and reload the page.`,
  } as const;
}

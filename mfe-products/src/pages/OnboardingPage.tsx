import { ComingSoon } from '@chorus/platform/ui';
import { release } from '../release';

export function OnboardingPage() {
  return (
    <ComingSoon
      title="Welcome to Chorus"
      description="Set up your account and first product."
      release={release}
    />
  );
}

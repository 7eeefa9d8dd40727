import { ComingSoon } from '@chorus/platform/ui';
import { release } from '../release';

export function QuestionsPage() {
  return (
    <ComingSoon
      title="Questions"
      description="Ask your personas strategic questions and read their answers."
      release={release}
    />
  );
}

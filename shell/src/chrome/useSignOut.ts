import { endSession, toast } from '@chorus/platform';
import { navigate } from './navigation';

/** Log out from any menu: end the session, say so, go to /. */
export function useSignOut(): () => Promise<void> {
  return async () => {
    try {
      await endSession();
      toast({
        title: 'Logged out successfully',
        description: 'You have been logged out of your account.',
      });
      navigate('/');
    } catch {
      toast({
        title: 'Logout failed',
        description: 'An error occurred during logout.',
        variant: 'destructive',
      });
    }
  };
}

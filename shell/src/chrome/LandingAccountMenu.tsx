import type { AuthUser } from '@chorus/contracts';
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@chorus/platform/ui';
import { BarChart3, Building2, ChevronDown, LogOut } from 'lucide-react';
import { navigate } from './navigation';
import { useSignOut } from './useSignOut';

/** The landing page's account menu for a signed-in visitor. */
export default function LandingAccountMenu({ user }: { user: AuthUser }) {
  const signOut = useSignOut();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" aria-label="Account menu">
          {user.email.split('@')[0]} <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => navigate('/companies')}>
          <Building2 /> My Companies
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/landing')}>
          <BarChart3 /> Company Info
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut /> Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

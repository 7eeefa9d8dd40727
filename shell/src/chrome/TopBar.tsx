import { type AuthUser } from '@chorus/contracts';
import {
  Brand,
  Avatar,
  AvatarFallback,
  AvatarImage,
  Badge,
  Button,
  cn,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@chorus/platform/ui';
import {
  ChevronDown,
  CreditCard,
  LayoutGrid,
  LogOut,
  Menu,
  Sparkles,
  UserRound,
} from 'lucide-react';
import { useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { navigate, usePathname } from './navigation';
import { BillingConfirmDialog } from './BillingConfirmDialog';
import { useSignOut } from './useSignOut';
import { avatarInitials, displayName } from './user-names';

function NavLink({ to, active, children }: { to: string; active: boolean; children: string }) {
  return (
    <a
      href={to}
      onClick={navigateToUrl}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'rounded-md px-3 py-2 text-sm font-medium transition-colors',
        active
          ? 'bg-accent text-accent-foreground'
          : 'text-muted-foreground hover:bg-muted hover:text-foreground',
      )}
    >
      {children}
    </a>
  );
}

function FriendBadge() {
  return (
    <Badge variant="success" className="gap-1">
      <Sparkles aria-hidden /> Friend
    </Badge>
  );
}

function UserAvatar({ user, className }: { user: AuthUser; className?: string }) {
  return (
    <Avatar className={className}>
      {user.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt="" /> : null}
      <AvatarFallback>{avatarInitials(user)}</AvatarFallback>
    </Avatar>
  );
}

/** The signed-in top bar: brand, navigation, who is signed in and the account menu. */
export default function TopBar({ user }: { user: AuthUser }) {
  const pathname = usePathname();
  const signOut = useSignOut();
  const [accountOpen, setAccountOpen] = useState(false);
  const [billingOpen, setBillingOpen] = useState(false);

  const nav = [
    { to: '/products', label: 'Products', active: pathname.startsWith('/products') },
    { to: '/roadmap', label: 'Roadmaps', active: pathname === '/roadmap' },
    { to: '/billing', label: 'Billing', active: pathname === '/billing' },
    ...(user.isAdmin ? [{ to: '/admin', label: 'Admin', active: pathname === '/admin' }] : []),
  ];

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6 lg:px-8">
        <button
          type="button"
          onClick={() => navigate('/')}
          className="cursor-pointer rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          aria-label="Chorus home"
        >
          <Brand />
        </button>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {nav.map((item) => (
            <NavLink key={item.to} to={item.to} active={item.active}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Menu">
                <Menu aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="w-56">
              {nav.map((item) => (
                <DropdownMenuItem
                  key={item.to}
                  aria-current={item.active ? 'page' : undefined}
                  className={cn(item.active && 'bg-accent text-accent-foreground')}
                  onSelect={() => navigate(item.to)}
                >
                  {item.label}
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
          {user.friendOfOurs ? (
            <span className="hidden sm:inline-flex">
              <FriendBadge />
            </span>
          ) : null}
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <button
                type="button"
                className="flex min-w-0 cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-left transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                aria-label="Account menu"
                data-testid="account-menu"
              >
                <UserAvatar user={user} />
                <span className="hidden max-w-48 min-w-0 flex-col lg:flex">
                  <span className="truncate text-sm font-medium">{displayName(user)}</span>
                  <span className="truncate text-xs text-muted-foreground">{user.email}</span>
                </span>
                <ChevronDown className="size-4 text-muted-foreground" aria-hidden />
              </button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="w-64">
              <DropdownMenuLabel className="flex flex-col gap-0.5">
                <span className="truncate font-medium">{displayName(user)}</span>
                <span className="truncate text-xs font-normal text-muted-foreground">
                  {user.email}
                </span>
              </DropdownMenuLabel>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => setAccountOpen(true)}>
                <UserRound /> Account
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => navigate('/products')}>
                <LayoutGrid /> My Products
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setBillingOpen(true)}>
                <CreditCard /> Subscription &amp; Billing
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => void signOut()}>
                <LogOut /> Log out
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>

      <Dialog open={accountOpen} onOpenChange={setAccountOpen}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Account</DialogTitle>
            <DialogDescription>Your Chorus account.</DialogDescription>
          </DialogHeader>
          <div className="flex items-center gap-4">
            <UserAvatar user={user} className="size-14 text-lg" />
            <div className="min-w-0">
              <p className="truncate font-medium">{displayName(user)}</p>
              <p className="truncate text-sm text-muted-foreground">{user.email}</p>
              {user.friendOfOurs ? (
                <div className="mt-1.5">
                  <FriendBadge />
                </div>
              ) : null}
            </div>
          </div>
          <div className="grid gap-2 sm:grid-cols-2">
            <Button
              variant="outline"
              onClick={() => {
                setAccountOpen(false);
                navigate('/products');
              }}
            >
              <LayoutGrid /> My Products
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                setAccountOpen(false);
                setBillingOpen(true);
              }}
            >
              <CreditCard /> Subscription &amp; Billing
            </Button>
          </div>
        </DialogContent>
      </Dialog>
      <BillingConfirmDialog open={billingOpen} onOpenChange={setBillingOpen} />
    </header>
  );
}

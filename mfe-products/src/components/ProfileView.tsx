import {
  businessProfileFields,
  type BusinessProfileView,
  profileTabs,
  unknownFlagOf,
} from '@chorus/contracts';
import { profileFieldDisplay } from '../product-pages';
import { Card, CardContent, CardHeader, CardTitle } from '@chorus/platform/ui';

/** The four cards of the read-only view, in order, with the tabs each one shows. */
const viewCards = [...new Set(profileTabs.map((t) => t.viewCard))].map((title) => ({
  title,
  fields: businessProfileFields.filter(
    (f) => profileTabs.find((t) => t.tab === f.tab)?.viewCard === title,
  ),
}));

/** The saved profile, read-only: four cards, "Not specified" where nothing was given. */
export function ProfileView({ profile }: { profile: BusinessProfileView }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {viewCards.map((card) => (
        <Card key={card.title} role="region" aria-label={card.title}>
          <CardHeader>
            <CardTitle className="text-lg">{card.title}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 sm:grid-cols-2">
              {card.fields.map((f) => {
                const shown = profileFieldDisplay(profile[f.name], profile[unknownFlagOf(f.name)]);
                return (
                  <div
                    key={f.name}
                    className={f.kind === 'multi' ? 'grid gap-1 sm:col-span-2' : 'grid gap-1'}
                  >
                    <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                      {f.label}
                    </dt>
                    <dd
                      className={
                        !shown.given
                          ? 'text-sm text-muted-foreground italic'
                          : 'text-sm whitespace-pre-wrap'
                      }
                    >
                      {shown.text}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

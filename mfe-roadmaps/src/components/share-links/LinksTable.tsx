import { type ShareLinkView } from '@chorus/contracts';
import { Badge, Button, ConfirmDialog } from '@chorus/platform/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { roadmapApi } from '../../api';
import { failureToast } from '../../messages';
import { typeLabels, statusTone, day } from './words';
import { CopyListedLink } from './CopyLink';

export function LinksTable({
  links,
  selected,
  onSelect,
}: {
  links: ShareLinkView[];
  selected: string | undefined;
  onSelect: (id: string) => void;
}) {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<ShareLinkView | undefined>();
  const refresh = () =>
    queryClient
      .invalidateQueries({ queryKey: ['/api/roadmap-items'] })
      .then(() => queryClient.invalidateQueries({ queryKey: ['/api/roadmaps'] }));
  const toggle = useMutation({
    mutationFn: (link: ShareLinkView) => roadmapApi.setShareLinkActive(link.id, !link.isActive),
    onSuccess: () => void refresh(),
    onError: (e) => failureToast('Failed to change the link', e),
  });
  const remove = useMutation({
    mutationFn: (link: ShareLinkView) => roadmapApi.deleteShareLink(link.id),
    onSuccess: () => {
      setDeleting(undefined);
      void refresh();
    },
    onError: (e) => failureToast('Failed to delete the link', e),
  });
  if (links.length === 0) {
    return <p className="text-sm text-muted-foreground">No links yet.</p>;
  }
  return (
    <>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Share links</caption>
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th scope="col">Link</th>
            <th scope="col">Views</th>
            <th scope="col">Responses</th>
            <th scope="col">Expires</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {links.map((link) => (
            <tr
              key={link.id}
              aria-label={`${typeLabels[link.feedbackType]} link created ${day(link.createdAt)}`}
              className={selected === link.id ? 'bg-primary/5' : ''}
            >
              <td className="py-1">{typeLabels[link.feedbackType]}</td>
              <td className="tabular-nums">{link.accessCount}</td>
              <td className="tabular-nums">{link.responseCount}</td>
              <td>{day(link.expiresAt)}</td>
              <td>
                <Badge variant={statusTone[link.status]} className="capitalize">
                  {link.status}
                </Badge>
              </td>
              <td className="flex justify-end gap-1 py-1">
                <CopyListedLink path={link.path} />
                <Button type="button" size="sm" variant="ghost" onClick={() => onSelect(link.id)}>
                  Results
                </Button>
                {link.status !== 'expired' ? (
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    disabled={toggle.isPending}
                    onClick={() => toggle.mutate(link)}
                  >
                    {link.isActive ? 'Deactivate' : 'Activate'}
                  </Button>
                ) : null}
                <Button type="button" size="sm" variant="ghost" onClick={() => setDeleting(link)}>
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title="Delete Link"
        description="The link stops working and every response to it is deleted. This cannot be undone."
        confirmLabel="Delete Link"
        destructive
        pending={remove.isPending}
        closeOnConfirm={false}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </>
  );
}

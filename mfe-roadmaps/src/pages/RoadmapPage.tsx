import {
  formatDateRange,
  type ItemStatus,
  type RoadmapItem,
  type RoadmapSummary,
  type RoadmapWithItems,
} from '@chorus/contracts';
import { toast, useAuth } from '@chorus/platform';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  Badge,
  Button,
  buttonVariants,
  Card,
  EmptyState,
  Label,
  LoadError,
  Loading,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@chorus/platform/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CalendarRange,
  ChevronRight,
  Download,
  FileUp,
  FolderPlus,
  LogIn,
  Map as MapIcon,
  Pencil,
  Plus,
  Scale,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  type ItemInput,
  refreshRoadmap,
  roadmapApi,
  roadmapKeys,
  type RoadmapInput,
  saveFile,
  useProducts,
  useRoadmap,
  useRoadmaps,
} from '../api';
import { AnalyticsView } from '../components/AnalyticsView';
import { CompareDialog, ComparisonsList } from '../components/Comparisons';
import { FeedbackDialog, ItemFeedback } from '../components/Feedback';
import { Select } from '../components/FormControls';
import { ImportYamlDialog } from '../components/ImportYamlDialog';
import { ItemCard } from '../components/ItemCard';
import { ItemFormDialog } from '../components/ItemFormDialog';
import { KanbanBoard } from '../components/KanbanBoard';
import { RoadmapFormDialog } from '../components/RoadmapFormDialog';
import { TimelineChart } from '../components/TimelineView';
import { failureToast } from '../messages';
import { release } from '../release';

const timelineNames = { quarterly: 'Quarterly', monthly: 'Monthly', weekly: 'Weekly' } as const;

const roadmapPath = (productId: string, roadmapId: string) =>
  `/products/${encodeURIComponent(productId)}/roadmap/${encodeURIComponent(roadmapId)}`;
const productRoadmapsPath = (productId: string) =>
  `/products/${encodeURIComponent(productId)}/roadmaps`;

function Page({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      {children}
      <p className="mt-12 text-center text-xs text-muted-foreground/80" data-testid="release">
        Release {release}
      </p>
    </div>
  );
}

/**
 * /roadmap and the product-scoped roadmap routes: the product (from the path,
 * a ?product= parameter, or the first one), its roadmaps (the one in the path,
 * or the first), and the chosen roadmap as a timeline, a board and analytics.
 * The create and edit routes open their dialog over the same page.
 */
export function RoadmapPage({ open: initialDialog }: { open?: 'create' | 'edit' }) {
  const auth = useAuth();
  const products = useProducts(auth.isAuthenticated);

  if (auth.isLoading) {
    return (
      <Page>
        <Loading label="Loading..." />
      </Page>
    );
  }
  if (!auth.isAuthenticated) {
    return (
      <Page>
        <EmptyState
          icon={LogIn}
          title="Please log in to access roadmaps"
          text="Roadmaps belong to your products: sign in to see and plan them."
          action={
            <Button asChild>
              <Link to="/auth/login">Log In</Link>
            </Button>
          }
        />
      </Page>
    );
  }
  if (products.isPending) {
    return (
      <Page>
        <Loading label="Loading products..." />
      </Page>
    );
  }
  if (products.isError) {
    return (
      <Page>
        <LoadError
          message="Unable to load your products."
          onRetry={() => void products.refetch()}
        />
      </Page>
    );
  }
  if (products.data.length === 0) {
    return (
      <Page>
        <EmptyState
          icon={FolderPlus}
          title="No Products Found"
          text="Roadmaps belong to a product. Create a product first, then plan its roadmap."
          action={
            <Button asChild>
              <Link to="/create-product">Create Product</Link>
            </Button>
          }
        />
      </Page>
    );
  }
  return <RoadmapWorkspace products={products.data} initialDialog={initialDialog} />;
}

function RoadmapWorkspace({
  products,
  initialDialog,
}: {
  products: { id: string; name: string }[];
  initialDialog?: 'create' | 'edit';
}) {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const wanted = params.productId ?? search.get('product') ?? undefined;
  const product = wanted ? products.find((p) => p.id === wanted) : products[0];
  const productId = product?.id;
  const roadmaps = useRoadmaps(productId);
  // A roadmap named in the path is read only when it is one of the product's.
  const listed = roadmaps.data;
  const inPath = params.roadmapId;
  const roadmapMissing = Boolean(inPath && listed && !listed.some((r) => r.id === inPath));
  const roadmapId = inPath ? (roadmapMissing ? undefined : listed && inPath) : listed?.[0]?.id;
  const roadmap = useRoadmap(roadmapId);

  const [creating, setCreating] = useState(initialDialog === 'create');
  const [editing, setEditing] = useState(initialDialog === 'edit');
  const [deleting, setDeleting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [itemDialog, setItemDialog] = useState<{ item?: RoadmapItem } | undefined>();
  const [sharing, setSharing] = useState<RoadmapItem>();
  const [comparing, setComparing] = useState(false);

  const refresh = () => (productId ? refreshRoadmap(productId, roadmapId) : Promise.resolve());

  const createRoadmap = useMutation({
    mutationFn: (input: RoadmapInput) => roadmapApi.createRoadmap(productId!, input),
    onSuccess: async (created) => {
      toast({ title: 'Roadmap Created', description: `“${created.name}” is ready for items.` });
      setCreating(false);
      await refreshRoadmap(created.productId);
      navigate(roadmapPath(created.productId, created.id));
    },
    onError: (error) => failureToast('Failed to create roadmap', error),
  });

  const updateRoadmap = useMutation({
    mutationFn: (input: RoadmapInput) => roadmapApi.updateRoadmap(roadmapId!, input),
    onSuccess: async () => {
      toast({ title: 'Roadmap Updated', description: 'Your changes are saved.' });
      closeEdit();
      await refresh();
    },
    onError: (error) => failureToast('Failed to update roadmap', error),
  });

  const deleteRoadmap = useMutation({
    mutationFn: () => roadmapApi.deleteRoadmap(roadmapId!),
    onSuccess: async () => {
      toast({ title: 'Roadmap Deleted', description: 'The roadmap and its items are gone.' });
      setDeleting(false);
      // Off the list first, so nothing asks for the deleted roadmap again; the next one is chosen.
      queryClient.setQueryData<RoadmapSummary[]>(roadmapKeys.roadmaps(productId!), (list) =>
        list?.filter((r) => r.id !== roadmapId),
      );
      navigate(productRoadmapsPath(productId!));
      await refreshRoadmap(productId!);
    },
    onError: (error) => failureToast('Failed to delete roadmap', error),
  });

  const saveItem = useMutation({
    mutationFn: ({ item, input }: { item?: RoadmapItem; input: ItemInput }) =>
      item ? roadmapApi.updateItem(item.id, input) : roadmapApi.createItem(roadmapId!, input),
    onSuccess: async (saved, { item }) => {
      toast({
        title: item ? 'Item Updated' : 'Item Added',
        description: `“${saved.title}” is on the roadmap.`,
      });
      setItemDialog(undefined);
      await refresh();
    },
    onError: (error, { item }) =>
      failureToast(item ? 'Failed to update roadmap item' : 'Failed to create roadmap item', error),
  });

  const deleteItem = useMutation({
    mutationFn: (item: RoadmapItem) => roadmapApi.deleteItem(item.id),
    onSuccess: async (_answer, item) => {
      toast({ title: 'Item Deleted', description: `“${item.title}” is off the roadmap.` });
      setItemDialog(undefined);
      await refresh();
    },
    onError: (error) => failureToast('Failed to delete roadmap item', error),
  });

  const moveItem = useMutation({
    mutationFn: ({ item, status }: { item: RoadmapItem; status: ItemStatus }) =>
      roadmapApi.updateItem(item.id, { status }),
    onMutate: ({ item, status }) => {
      // The card lands in its new column at once; a failure puts it back.
      const key = roadmapKeys.roadmap(roadmapId!);
      const before = queryClient.getQueryData<RoadmapWithItems>(key);
      queryClient.setQueryData<RoadmapWithItems>(
        key,
        (current) =>
          current && {
            ...current,
            items: current.items.map((i) => (i.id === item.id ? { ...i, status } : i)),
          },
      );
      return { before };
    },
    onSuccess: (saved) => toast({ title: 'Item Updated', description: `“${saved.title}” moved.` }),
    onError: (error, _vars, context) => {
      if (context?.before)
        queryClient.setQueryData(roadmapKeys.roadmap(roadmapId!), context.before);
      failureToast('Failed to update roadmap item', error);
    },
    onSettled: () => void refresh(),
  });

  const exportYaml = useMutation({
    mutationFn: () => roadmapApi.exportYaml(roadmapId!),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
    onError: (error) => failureToast('Failed to export YAML', error, 'Export Failed'),
  });

  function closeEdit() {
    setEditing(false);
    if (initialDialog === 'edit' && productId && roadmapId) {
      navigate(roadmapPath(productId, roadmapId), { replace: true });
    }
  }
  function closeCreate(open: boolean) {
    setCreating(open);
    if (!open && initialDialog === 'create' && productId) {
      navigate(productRoadmapsPath(productId), { replace: true });
    }
  }

  const current = roadmap.data;
  const items = current?.items ?? [];

  return (
    <Page>
      <nav aria-label="Breadcrumb" className="mb-4">
        <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
          <li>
            <Link className="hover:text-foreground" to="/products">
              Products
            </Link>
          </li>
          {product ? (
            <>
              <ChevronRight className="size-3.5" aria-hidden />
              <li>
                <Link
                  className="hover:text-foreground"
                  to={`/products/${encodeURIComponent(product.id)}/dashboard`}
                >
                  {product.name}
                </Link>
              </li>
              <ChevronRight className="size-3.5" aria-hidden />
              <li>
                <Link className="hover:text-foreground" to={productRoadmapsPath(product.id)}>
                  Roadmaps
                </Link>
              </li>
            </>
          ) : null}
          {current ? (
            <>
              <ChevronRight className="size-3.5" aria-hidden />
              <li aria-current="page" className="font-medium text-foreground">
                {current.name}
              </li>
            </>
          ) : null}
        </ol>
      </nav>

      <header className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Roadmaps</h1>
          <p className="mt-2 text-muted-foreground">
            Plan what each product ships, see it on a timeline, and ask your personas what they
            think.
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="product-select">Product</Label>
            <Select
              id="product-select"
              className="w-52"
              value={productId ?? ''}
              onChange={(e) => navigate(productRoadmapsPath(e.target.value))}
            >
              {product ? null : <option value="">Choose a product</option>}
              {products.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </Select>
          </div>
          {roadmaps.data && roadmaps.data.length > 0 ? (
            <div className="grid gap-1.5">
              <Label htmlFor="roadmap-select">Active Roadmap</Label>
              <Select
                id="roadmap-select"
                className="w-56"
                value={roadmapId ?? ''}
                onChange={(e) => navigate(roadmapPath(productId!, e.target.value))}
              >
                {roadmaps.data.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </Select>
            </div>
          ) : null}
          {product ? (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden /> Create Roadmap
            </Button>
          ) : null}
        </div>
      </header>

      <div className="mt-8">
        {!product ? (
          <EmptyState
            icon={MapIcon}
            title="Product not found"
            text="This product does not exist or is not yours. Choose one of your products above."
          />
        ) : roadmaps.isPending ? (
          <Loading label="Loading roadmaps..." />
        ) : roadmaps.isError ? (
          <LoadError message="Unable to load roadmaps." onRetry={() => void roadmaps.refetch()} />
        ) : roadmapMissing ? (
          <EmptyState
            icon={MapIcon}
            title="Roadmap not found"
            text="This roadmap does not exist or was deleted."
            action={
              <Button asChild variant="outline">
                <Link to={productRoadmapsPath(product.id)}>All Roadmaps</Link>
              </Button>
            }
          />
        ) : roadmaps.data.length === 0 ? (
          <EmptyState
            icon={MapIcon}
            title="No roadmaps found"
            text="A roadmap lays out what this product will ship and when."
            action={<Button onClick={() => setCreating(true)}>Create First Roadmap</Button>}
          />
        ) : roadmap.isPending ? (
          <Loading label="Loading roadmap..." />
        ) : roadmap.isError || !current ? (
          <LoadError
            message="Unable to load this roadmap."
            onRetry={() => void roadmap.refetch()}
          />
        ) : (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
            <Card role="region" aria-label="Roadmap details" className="gap-4 px-6 py-5">
              <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
                <div className="grid gap-2">
                  <h2 className="text-2xl font-semibold tracking-tight">{current.name}</h2>
                  {current.description ? (
                    <p className="max-w-2xl text-muted-foreground">{current.description}</p>
                  ) : null}
                  <div className="flex flex-wrap items-center gap-2">
                    {formatDateRange(current.startDate, current.endDate) ? (
                      <Badge variant="outline">
                        <CalendarRange aria-hidden />
                        {formatDateRange(current.startDate, current.endDate)}
                      </Badge>
                    ) : null}
                    <Badge variant="secondary">{timelineNames[current.timelineType]}</Badge>
                    <Badge variant={current.status === 'active' ? 'success' : 'outline'}>
                      {current.status.charAt(0).toUpperCase() + current.status.slice(1)}
                    </Badge>
                  </div>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                    <Pencil aria-hidden /> Edit Roadmap
                  </Button>
                  <Button size="sm" onClick={() => setItemDialog({})}>
                    <Plus aria-hidden /> Add Item
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setImporting(true)}>
                    <FileUp aria-hidden /> Import YAML
                  </Button>
                  {items.length >= 2 ? (
                    <Button variant="outline" size="sm" onClick={() => setComparing(true)}>
                      <Scale aria-hidden /> Compare Items
                    </Button>
                  ) : null}
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={exportYaml.isPending}
                    onClick={() => exportYaml.mutate()}
                  >
                    <Download aria-hidden /> Export YAML
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive hover:text-destructive"
                    onClick={() => setDeleting(true)}
                  >
                    <Trash2 aria-hidden /> Delete Roadmap
                  </Button>
                </div>
              </div>
            </Card>

            <Tabs defaultValue="timeline" className="min-w-0 gap-4">
              <TabsList aria-label="Roadmap views">
                <TabsTrigger value="timeline">Timeline View</TabsTrigger>
                <TabsTrigger value="kanban">Kanban Board</TabsTrigger>
                <TabsTrigger value="analytics">Analytics</TabsTrigger>
              </TabsList>
              <TabsContent value="timeline">
                {items.length === 0 ? (
                  <EmptyState
                    icon={CalendarRange}
                    title="No roadmap items yet"
                    text="Add the features you plan, or import them from a YAML file."
                    action={<Button onClick={() => setItemDialog({})}>Add First Item</Button>}
                  />
                ) : (
                  <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
                    <TimelineChart
                      roadmap={current}
                      onOpenItem={(item) => setItemDialog({ item })}
                    />
                    <section aria-label="Roadmap items" className="grid gap-3">
                      <h3 className="text-lg font-semibold">Items</h3>
                      {items.map((item) => (
                        <ItemCard
                          key={item.id}
                          item={item}
                          onEdit={() => setItemDialog({ item })}
                          onShare={() => setSharing(item)}
                        >
                          <ItemFeedback itemId={item.id} />
                        </ItemCard>
                      ))}
                    </section>
                  </div>
                )}
              </TabsContent>
              <TabsContent value="kanban">
                <KanbanBoard
                  items={items}
                  onMove={(item, status) => moveItem.mutate({ item, status })}
                  onOpenItem={(item) => setItemDialog({ item })}
                />
              </TabsContent>
              <TabsContent value="analytics">
                <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
                  <AnalyticsView items={items} />
                  <ComparisonsList roadmapId={current.id} />
                </div>
              </TabsContent>
            </Tabs>
          </div>
        )}
      </div>

      <RoadmapFormDialog
        open={creating}
        onOpenChange={closeCreate}
        saving={createRoadmap.isPending}
        onSave={(input) => createRoadmap.mutate(input)}
      />
      {current ? (
        <>
          <RoadmapFormDialog
            open={editing}
            onOpenChange={(open) => (open ? setEditing(true) : closeEdit())}
            roadmap={current}
            saving={updateRoadmap.isPending}
            onSave={(input) => updateRoadmap.mutate(input)}
          />
          <ItemFormDialog
            open={Boolean(itemDialog)}
            onOpenChange={(open) => !open && setItemDialog(undefined)}
            item={itemDialog?.item}
            otherTitles={items.filter((i) => i.id !== itemDialog?.item?.id).map((i) => i.title)}
            saving={saveItem.isPending}
            onSave={(input) => saveItem.mutate({ item: itemDialog?.item, input })}
            onDelete={() => itemDialog?.item && deleteItem.mutate(itemDialog.item)}
          />
          <ImportYamlDialog
            open={importing}
            onOpenChange={setImporting}
            roadmapId={current.id}
            onImported={() => void refresh()}
          />
          <CompareDialog
            open={comparing}
            onOpenChange={setComparing}
            roadmapId={current.id}
            productId={current.productId}
            items={items}
          />
          <FeedbackDialog
            item={sharing}
            productId={current.productId}
            onOpenChange={(open) => !open && setSharing(undefined)}
          />
          <AlertDialog open={deleting} onOpenChange={setDeleting}>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>Delete Roadmap</AlertDialogTitle>
                <AlertDialogDescription>
                  Are you sure you want to delete “{current.name}”? This action cannot be undone. It
                  will permanently delete the roadmap and remove all of its items, shared links,
                  feedback and collaboration history.
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>Cancel</AlertDialogCancel>
                <AlertDialogAction
                  className={buttonVariants({ variant: 'destructive' })}
                  onClick={(event) => {
                    event.preventDefault();
                    deleteRoadmap.mutate();
                  }}
                  disabled={deleteRoadmap.isPending}
                >
                  Delete Roadmap
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </>
      ) : null}
    </Page>
  );
}

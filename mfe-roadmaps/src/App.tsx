import { Route, Routes } from 'react-router-dom';
import { RoadmapPage } from './pages/RoadmapPage';

/**
 * The routes this microfrontend owns (the shell mounts it only on these
 * paths). They are one page: the product and roadmap come from the path, and
 * the create and edit routes open their dialog over it.
 */
export function App() {
  return (
    <Routes>
      <Route path="/roadmap" element={<RoadmapPage />} />
      <Route path="/products/:productId/roadmaps" element={<RoadmapPage />} />
      <Route
        path="/products/:productId/roadmap/create"
        element={<RoadmapPage key="create" open="create" />}
      />
      <Route path="/products/:productId/roadmap/:roadmapId" element={<RoadmapPage />} />
      <Route
        path="/products/:productId/roadmap/:roadmapId/edit"
        element={<RoadmapPage key="edit" open="edit" />}
      />
    </Routes>
  );
}

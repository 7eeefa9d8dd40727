import { Route, Routes } from 'react-router-dom';
import { RoadmapPage } from './pages/RoadmapPage';
import { CreateRoadmapPage } from './pages/CreateRoadmapPage';
import { EditRoadmapPage } from './pages/EditRoadmapPage';
import { ProductRoadmapsPage } from './pages/ProductRoadmapsPage';

/** The routes this microfrontend owns (the shell mounts it only on these paths). */
export function App() {
  return (
    <Routes>
      <Route path="/roadmap" element={<RoadmapPage />} />
      <Route path="/products/:productId/roadmap/:roadmapId" element={<RoadmapPage />} />
      <Route path="/products/:productId/roadmap/create" element={<CreateRoadmapPage />} />
      <Route path="/products/:productId/roadmap/:roadmapId/edit" element={<EditRoadmapPage />} />
      <Route path="/products/:productId/roadmaps" element={<ProductRoadmapsPage />} />
    </Routes>
  );
}

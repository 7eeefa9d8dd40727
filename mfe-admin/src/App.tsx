import { Route, Routes } from 'react-router-dom';
import { AdminPage } from './pages/AdminPage';

/** The routes this microfrontend owns (the shell mounts it only on these paths). */
export function App() {
  return (
    <Routes>
      <Route path="/admin" element={<AdminPage />} />
    </Routes>
  );
}

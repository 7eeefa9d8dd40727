import { Route, Routes } from 'react-router-dom';
import { HomePage } from './pages/HomePage';
import { ProductListPage } from './pages/ProductListPage';
import { ProductDashboardPage } from './pages/ProductDashboardPage';
import { BusinessProfilePage } from './pages/BusinessProfilePage';
import { PersonasPage } from './pages/PersonasPage';
import { QuestionsPage } from './pages/QuestionsPage';
import { CreateProductPage } from './pages/CreateProductPage';
import { OnboardingPage } from './pages/OnboardingPage';
import { SubscribePage } from './pages/SubscribePage';
import { CalibrationPage } from './pages/CalibrationPage';
import { InvitationPage } from './pages/InvitationPage';
import { TeamPage } from './pages/TeamPage';
import { StudyPage } from './pages/StudyPage';
import { PeopleVsPersonasPage } from './pages/PeopleVsPersonasPage';
import { PanelsPage } from './pages/PanelsPage';

/** The routes this microfrontend owns (the shell mounts it only on these paths). */
export function App() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/products" element={<ProductListPage />} />
      <Route path="/companies" element={<ProductListPage />} />
      <Route path="/products/:id/dashboard" element={<ProductDashboardPage />} />
      <Route path="/companies/:id/dashboard" element={<ProductDashboardPage />} />
      <Route path="/dashboard" element={<ProductDashboardPage />} />
      <Route path="/products/:id/profile" element={<BusinessProfilePage />} />
      <Route path="/companies/:id/profile" element={<BusinessProfilePage />} />
      <Route path="/business-profile" element={<BusinessProfilePage />} />
      <Route path="/products/:id/personas" element={<PersonasPage />} />
      <Route path="/companies/:id/personas" element={<PersonasPage />} />
      <Route path="/products/:id/questions" element={<QuestionsPage />} />
      <Route path="/companies/:id/questions" element={<QuestionsPage />} />
      <Route path="/companies/:id/questions/:questionId" element={<QuestionsPage />} />
      <Route path="/products/:id/studies/:studyId" element={<StudyPage />} />
      <Route path="/companies/:id/studies/:studyId" element={<StudyPage />} />
      <Route path="/products/:id/question-links/:linkId" element={<PeopleVsPersonasPage />} />
      <Route path="/companies/:id/question-links/:linkId" element={<PeopleVsPersonasPage />} />
      <Route path="/products/:id/panels" element={<PanelsPage />} />
      <Route path="/companies/:id/panels" element={<PanelsPage />} />
      <Route path="/products/:id/calibration" element={<CalibrationPage />} />
      <Route path="/companies/:id/calibration" element={<CalibrationPage />} />
      <Route path="/products/:id/team" element={<TeamPage />} />
      <Route path="/companies/:id/team" element={<TeamPage />} />
      <Route path="/invitations/:token" element={<InvitationPage />} />
      <Route path="/create-product" element={<CreateProductPage />} />
      <Route path="/onboarding" element={<OnboardingPage />} />
      <Route path="/subscribe" element={<SubscribePage />} />
      {/* Any unknown path of a signed-in user falls back to the product list. */}
      <Route path="*" element={<ProductListPage />} />
    </Routes>
  );
}

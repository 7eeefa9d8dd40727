import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
// The app's typeface, so a shared link reads like the rest of Chorus.
import '@fontsource-variable/inter';
import { SharePage } from './SharePage';
import { SurveyPage, surveyTokenOf } from './SurveyPage';
import './styles.css';

const path = window.location.pathname;

createRoot(document.getElementById('root')!).render(
  surveyTokenOf(path) === null
    ? createElement(SharePage, { path })
    : createElement(SurveyPage, { path }),
);

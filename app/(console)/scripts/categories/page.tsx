import type { Metadata } from 'next';
import { ScriptVocabularyView } from '@/components/scripts/script-vocabulary-view';

export const metadata: Metadata = { title: 'Script categories and tags' };

export default function ScriptCategoriesPage() {
  return <ScriptVocabularyView />;
}

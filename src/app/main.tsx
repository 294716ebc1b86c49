// First: the browser's install offer may fire before anything else runs.
import '../lib/install-prompt';
import { afterFirstPaint } from '../lib/startup';
import './styles.css';

// index.html already holds the first paint (the restoration placeholder), so the app's JavaScript, downloaded
// meanwhile (index.html preloads it), runs once that paint is on screen: evaluating it first only delays the paint.
void afterFirstPaint().then(() => import('./start'));

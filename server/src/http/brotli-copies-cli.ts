// `npm run build`'s last step: the brotli copies of the built files, next to them (see writeBrotliCopies).
import { writeBrotliCopies } from './static-files';

const distDir = process.argv[2] ?? 'dist';
const started = performance.now();
const written = await writeBrotliCopies(distDir);
console.info(`Copias brotli de ${written.length} archivos en ${Math.round(performance.now() - started)} ms.`);

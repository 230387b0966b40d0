/* stdio_file.c - <stdio.h> streams on files: fprintf/fscanf, fgets,
 * fputc/fgetc, ungetc, fread/fwrite of records, fseek/ftell/rewind,
 * "r+" updates, "a" appends, setvbuf modes, feof/ferror, fdopen. */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include "corpus.h"

struct rec { int id; double val; char tag[8]; };

int main(void)
{
	FILE *f = fopen("text.txt", "w");
	for (int i = 0; i < 300; i++)
		fprintf(f, "%d %s %.3f\n", i, i % 2 ? "odd" : "even", i / 7.0);
	printf("ftell after writing: %ld\n", ftell(f));
	fclose(f);

	f = fopen("text.txt", "r");
	int id, odd = 0;
	char word[8];
	double v, vs = 0;
	while (fscanf(f, "%d %7s %lf", &id, word, &v) == 3) {
		odd += !strcmp(word, "odd");
		vs += v;
	}
	printf("fscanf: last id %d odd %d sum %.3f eof %d\n", id, odd, vs, feof(f) != 0);
	rewind(f);
	char line[64];
	fgets(line, sizeof line, f);
	printf("first line: %s", line);
	fseek(f, -6, SEEK_END);
	fgets(line, sizeof line, f);
	printf("last 6 bytes: %s", line);
	fseek(f, 100, SEEK_SET);
	int c = fgetc(f);
	ungetc('#', f);
	printf("fgetc at 100 '%c', after ungetc '%c', ftell %ld\n", c, fgetc(f), ftell(f));
	fclose(f);

	/* binary records, updated in place */
	f = fopen("recs.bin", "w+");
	for (int i = 0; i < 50; i++) {
		struct rec r = { i, i * 1.5, "r" };
		snprintf(r.tag, sizeof r.tag, "t%02d", i);
		fwrite(&r, sizeof r, 1, f);
	}
	fseek(f, 10 * (long)sizeof(struct rec), SEEK_SET);
	struct rec r;
	fread(&r, sizeof r, 1, f);
	printf("record 10: %d %.1f %s\n", r.id, r.val, r.tag);
	r.val = -1;
	fseek(f, -(long)sizeof r, SEEK_CUR);
	fwrite(&r, sizeof r, 1, f);
	fflush(f);
	rewind(f);
	double total = 0;
	size_t got;
	struct rec all[64];
	got = fread(all, sizeof all[0], 64, f);
	for (size_t i = 0; i < got; i++)
		total += all[i].val;
	printf("fread %zu records, total %.1f, eof %d\n", got, total, feof(f) != 0);
	fclose(f);

	f = fopen("text.txt", "a");
	setvbuf(f, NULL, _IONBF, 0);
	fputs("appended unbuffered\n", f);
	fclose(f);
	f = fopen("text.txt", "r+");
	fputs("XXX", f);      /* overwrite the start */
	fclose(f);
	f = fopen("text.txt", "r");
	int lines = 0;
	while (fgets(line, sizeof line, f))
		lines++;
	printf("lines %d last '%.19s'\n", lines, line);
	rewind(f);
	fgets(line, sizeof line, f);
	printf("first line now: %s", line);
	fclose(f);

	int fd = open("fd.txt", O_RDWR | O_CREAT | O_TRUNC, 0644);
	f = fdopen(fd, "w+");
	setvbuf(f, NULL, _IOFBF, 16);
	for (int i = 0; i < 20; i++)
		fputc('a' + i, f);
	fflush(f);
	printf("fdopen: fileno matches %d, size %ld\n", fileno(f) == fd, (long)lseek(fd, 0, SEEK_END));
	fclose(f);
	printf("fopen missing: %d\n", fopen("missing.txt", "r") == NULL);
	unlink("text.txt");
	unlink("recs.bin");
	unlink("fd.txt");
	return corpus_done("stdio_file");
}

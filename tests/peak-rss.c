/* peak-rss — runs a command and prints its peak resident set size in KiB
 * (getrusage's ru_maxrss, from wait4), for tests/cli-memory.sh: the
 * measure of the memory limit's estimate.  Exit status: the command's, or
 * 125 when it could not be run.
 *
 *   peak-rss OUT COMMAND [ARG...]   the KiB written to the file OUT
 */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int
main (int argc, char **argv)
{
  if (argc < 3)
    {
      fprintf (stderr, "usage: peak-rss OUT COMMAND [ARG...]\n");
      return 125;
    }
  pid_t pid = fork ();
  if (pid < 0)
    return 125;
  if (pid == 0)
    {
      execvp (argv[2], argv + 2);
      _exit (125);
    }
  int status;
  struct rusage usage;
  if (wait4 (pid, &status, 0, &usage) != pid)
    return 125;
  FILE *out = fopen (argv[1], "w");
  if (!out || fprintf (out, "%ld\n", usage.ru_maxrss) < 0 || fclose (out))
    return 125;
  return WIFEXITED (status) ? WEXITSTATUS (status) : 125;
}

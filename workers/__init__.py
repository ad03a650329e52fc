"""RQ jobs: bot turns and the sweeper that finds games waiting on a bot with no job."""

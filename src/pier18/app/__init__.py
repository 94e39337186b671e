"""The use cases under the command line: each callable and testable without argparse."""

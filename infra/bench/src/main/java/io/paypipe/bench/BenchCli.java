package io.paypipe.bench;

/** {@code ./paypipe bench}: the benchmark driver (see docs/benchmarks.md). */
public final class BenchCli {

    private BenchCli() {
    }

    public static void main(String[] args) {
        System.out.println("paypipe bench: not yet");
    }
}

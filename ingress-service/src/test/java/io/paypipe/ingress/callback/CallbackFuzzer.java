package io.paypipe.ingress.callback;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Assertions;

/**
 * Generated-input testing of a callback endpoint, for any channel: case {@code i} is made
 * by a {@link Generator} from {@code new Random(seed * 31 + i)} alone; {@link #mutating}
 * is the generic one (one to three of bit flips, truncation, random bytes, field swaps,
 * header removal or alteration, content types, oversized bodies applied to one of the
 * valid requests), a channel may bring its own. Every response is checked: never a stack
 * trace or exception name in the body, never an exception on the client side, and
 * whatever the channel's {@link Oracle} demands (an answer of success only for a delivery
 * it shows genuine on its own, its fail ack otherwise, ...). Every failing case is
 * written byte for byte by {@link FuzzFailures}. The seed is one system property for
 * every channel, {@value #SEED_PROPERTY}.
 * <p>
 * Most mutants die at the signature check. With {@link #resigning} a share of them is
 * signed again after mutating, as if the channel had sent the mutated bytes, so the
 * checks behind the signature (envelope, decryption, fields) get their share of garbage
 * too.
 */
public final class CallbackFuzzer {

    /** The shape of the channel's body, for the structure-aware mutations. */
    public enum BodyFormat {

        JSON, FORM

    }

    /** The system property that sets the seed of every channel's fuzz test. */
    public static final String SEED_PROPERTY = "paypipe.fuzz.seed";

    /**
     * One generated case: the valid request it came from, the request sent and the
     * mutations that made it.
     */
    public record Mutant(long caseNumber, FuzzRequest valid, FuzzRequest request, String mutations, boolean resigned) {

        /**
         * The same case without the headers the JDK client would refuse: what is really
         * sent.
         */
        public Mutant sendable() {
            FuzzRequest sendable = request.sendable();
            return sendable == request ? this
                    : new Mutant(caseNumber, valid, sendable, mutations + " (unsendable headers dropped)", resigned);
        }
    }

    /**
     * Makes case {@code caseNumber} from {@code random} (seeded for that case) and
     * nothing else that varies by run.
     */
    @FunctionalInterface
    public interface Generator {

        Mutant mutant(long caseNumber, Random random);

    }

    /** The channel's own rules for a response to a mutant; empty when it is fine. */
    @FunctionalInterface
    public interface Oracle {

        Optional<String> problem(Mutant mutant, FuzzRequest.Response response);

    }

    /** Something wrong with one case. */
    public record Finding(long caseNumber, String mutations, int status, String problem) {
    }

    /**
     * The outcome of a run; {@code findings} keeps the first 50 of {@code findingCount},
     * written under {@code failures}.
     */
    public record Report(long seed, int sent, Map<Integer, Integer> statuses, long findingCount, List<Finding> findings,
            Duration took, Path failures) {

        public void assertNoFindings() {
            Assertions.assertEquals(0, findingCount, () -> "seed " + seed + ": " + findingCount
                    + " findings (failing mutants in " + failures + "), first: " + findings);
        }
    }

    private static final List<String> STACK_TRACE_MARKERS = List.of("Exception", "at io.", "\tat ", "java.lang.",
            "at org.");

    private static final int KEPT_FINDINGS = 50;

    private final long seed;

    private final Mutations mutations;

    private final UnaryOperator<FuzzRequest> resigner;

    private final int resignPercent;

    public CallbackFuzzer(long seed, BodyFormat format, long maxBodyBytes) {
        this(seed, new Mutations(format, maxBodyBytes), UnaryOperator.identity(), 0);
    }

    private CallbackFuzzer(long seed, Mutations mutations, UnaryOperator<FuzzRequest> resigner, int resignPercent) {
        this.seed = seed;
        this.mutations = mutations;
        this.resigner = resigner;
        this.resignPercent = resignPercent;
    }

    /**
     * This fuzzer, signing {@code percent} % of the mutants again with {@code resigner}
     * (the channel's own signature).
     */
    public CallbackFuzzer resigning(UnaryOperator<FuzzRequest> resigner, int percent) {
        return new CallbackFuzzer(seed, mutations, resigner, percent);
    }

    /**
     * {@value #SEED_PROPERTY} if set, else a seed from the clock; printed so that a
     * failing run can be repeated.
     */
    public static long newSeed(String name) {
        long seed = Long.getLong(SEED_PROPERTY, System.nanoTime() ^ System.currentTimeMillis() * 31);
        System.out.println(name + ": fuzz seed " + seed + " (repeat with -D" + SEED_PROPERTY + "=" + seed + ")");
        return seed;
    }

    public long seed() {
        return seed;
    }

    /**
     * The generic generator: case {@code caseNumber} built from one of {@code valid} by
     * {@link Mutations}.
     */
    public Generator mutating(List<FuzzRequest> valid) {
        return (caseNumber, random) -> mutant(caseNumber, valid, random);
    }

    private Mutant mutant(long caseNumber, List<FuzzRequest> valid, Random random) {
        FuzzRequest base = valid.get(random.nextInt(valid.size()));
        Mutations.Draft draft = new Mutations.Draft(base);
        boolean resign = random.nextInt(100) < resignPercent;
        int count = 1 + (random.nextInt(10) < 7 ? 0 : 1 + random.nextInt(2));
        for (int i = 0; i < count; i++) {
            mutations.applyOne(draft, random);
        }
        FuzzRequest mutated = new FuzzRequest(draft.body, draft.headers);
        return new Mutant(caseNumber, base, resign ? resigner.apply(mutated) : mutated,
                String.join(" + ", draft.applied) + (resign ? " + re-signed" : ""), resign);
    }

    /**
     * Sends {@code cases} mutants, {@code concurrency} at a time, checks every response
     * and records each failing one.
     */
    public Report run(int cases, Generator generator, int concurrency, FuzzRequest.Endpoint endpoint, Oracle oracle,
            FuzzFailures failures) throws Exception {
        long started = System.nanoTime();
        Map<Integer, Integer> statuses = new ConcurrentHashMap<>();
        List<Finding> findings = Collections.synchronizedList(new ArrayList<>());
        AtomicLong findingCount = new AtomicLong();
        AtomicInteger next = new AtomicInteger();
        try (ExecutorService workers = Executors.newFixedThreadPool(concurrency)) {
            List<Future<?>> running = new ArrayList<>();
            for (int w = 0; w < concurrency; w++) {
                running.add(workers.submit(() -> {
                    for (int i = next.getAndIncrement(); i < cases; i = next.getAndIncrement()) {
                        Mutant mutant = generator.mutant(i, new Random(seed * 31 + i)).sendable();
                        Optional<Finding> finding = check(mutant, endpoint, oracle, statuses, failures);
                        finding.ifPresent(f -> {
                            if (findingCount.incrementAndGet() <= KEPT_FINDINGS) {
                                findings.add(f);
                            }
                        });
                    }
                    return null;
                }));
            }
            for (Future<?> worker : running) {
                worker.get();
            }
        }
        return new Report(seed, cases, new TreeMap<>(statuses), findingCount.get(), List.copyOf(findings),
                Duration.ofNanos(System.nanoTime() - started), failures.dir());
    }

    private static Optional<Finding> check(Mutant mutant, FuzzRequest.Endpoint endpoint, Oracle oracle,
            Map<Integer, Integer> statuses, FuzzFailures failures) {
        FuzzRequest.Response response;
        try {
            response = endpoint.send(mutant.request());
        }
        catch (Exception e) {
            statuses.merge(0, 1, Integer::sum);
            failures.record(mutant, 0, "", "no response: " + e);
            return Optional.of(new Finding(mutant.caseNumber(), mutant.mutations(), 0, "no response: " + e));
        }
        statuses.merge(response.status(), 1, Integer::sum);
        Optional<String> problem = STACK_TRACE_MARKERS.stream()
            .filter(marker -> response.body() != null && response.body().contains(marker))
            .map(marker -> "body contains '" + marker + "'")
            .findFirst()
            .or(() -> oracle.problem(mutant, response));
        problem.ifPresent(p -> failures.record(mutant, response.status(), response.body(), p));
        return problem.map(p -> new Finding(mutant.caseNumber(), mutant.mutations(), response.status(), p));
    }

}

package io.paypipe.bench.product;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThreadCpuTest {

    @TempDir
    Path task;

    @Test
    void groupsThreadsByTheirNameWithoutNumbersAndRanksTheGroupsByTheCpuTheyUsedInBetween() throws Exception {
        // Given two consumer threads of one group, a broker thread with a space and
        // parentheses in its name, and a thread that used nothing in between
        thread(101, "processor-notif", 100, 20);
        thread(102, "processor-notif", 50, 0);
        thread(103, "data-plane (x) 1", 300, 0);
        thread(104, "idle-1", 7, 0);
        ThreadCpu.Snapshot before = ThreadCpu.of(task);

        // When they use 0.4 s, 0.3 s and nothing during a 2 s phase of 100 acks
        thread(101, "processor-notif", 110, 30);
        thread(102, "processor-notif", 70, 0);
        thread(103, "data-plane (x) 1", 330, 0);
        List<ThreadCpu.Share> top = ThreadCpu.top(before, ThreadCpu.of(task), 100, 2_000, 8);

        // Then the group of the two consumers first (400 ms: 4 ms per ack, 20 % of a
        // core), the broker's after, the idle thread not at all
        assertThat(top).containsExactly(new ThreadCpu.Share("processor-notif", 400, 4.0, 20.0),
                new ThreadCpu.Share("data-plane (x) N", 300, 3.0, 15.0));
        assertThat(ThreadCpu.describe(top)).isEqualTo("processor-notif 4.00 (20.0 %), data-plane (x) N 3.00 (15.0 %)");
    }

    @Test
    void keepsOnlyTheBusiestGroups() throws Exception {
        for (int i = 0; i < 5; i++) {
            thread(200 + i, "group" + (char) ('a' + i), 0, 0);
        }
        ThreadCpu.Snapshot before = ThreadCpu.of(task);
        for (int i = 0; i < 5; i++) {
            thread(200 + i, "group" + (char) ('a' + i), i + 1, 0);
        }

        assertThat(ThreadCpu.top(before, ThreadCpu.of(task), 10, 1_000, 2)).extracting(ThreadCpu.Share::group)
            .containsExactly("groupe", "groupd");
    }

    @Test
    void readsNothingWhereThereIsNoProcessAndSaysSo() {
        ThreadCpu.Snapshot none = ThreadCpu.of(task.resolve("no-such-pid"));

        assertThat(none).isEqualTo(ThreadCpu.Snapshot.EMPTY);
        assertThat(ThreadCpu.top(none, none, 10, 1_000, 8)).isEmpty();
        assertThat(ThreadCpu.describe(List.of())).isEqualTo("not read (no launcher pid)");
    }

    /**
     * Writes {@code task/<tid>/stat} as Linux does: utime and stime are fields 14 and 15,
     * in ticks of 10 ms.
     */
    private void thread(int tid, String name, long utimeTicks, long stimeTicks) throws Exception {
        Path dir = Files.createDirectories(task.resolve(Integer.toString(tid)));
        Files.writeString(dir.resolve("stat"), tid + " (" + name + ") S 1 1 1 0 -1 4194368 10 0 0 0 " + utimeTicks + " "
                + stimeTicks + " 0 0 20 0 1 0 100 0 0\n");
    }

}

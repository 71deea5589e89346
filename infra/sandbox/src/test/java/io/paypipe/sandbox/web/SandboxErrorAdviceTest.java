package io.paypipe.sandbox.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import jakarta.servlet.ServletException;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The one advice answers every sandbox controller as each controller's own handlers did.
 */
class SandboxErrorAdviceTest {

    private final MockMvc mvc = MockMvcBuilders.standaloneSetup(new Marked(), new Unmarked())
        .setControllerAdvice(new SandboxErrorAdvice())
        .build();

    @Test
    void givenAnUnknownId_whenAnyControllerThrows_thenItAnswers404WithTheMessage() throws Exception {
        assertThat(answer("/unmarked/unknown")).satisfies(r -> {
            assertThat(r.getResponse().getStatus()).isEqualTo(404);
            assertThat(r.getResponse().getContentAsString()).isEqualTo("{\"error\":\"unknown notification x\"}");
        });
    }

    @Test
    void givenABadRequest_whenAnyControllerThrows_thenItAnswers400WithTheMessage() throws Exception {
        assertThat(answer("/marked/bad")).satisfies(r -> {
            assertThat(r.getResponse().getStatus()).isEqualTo(400);
            assertThat(r.getResponse().getContentAsString())
                .isEqualTo("{\"error\":\"copies must be between 1 and 100\"}");
        });
    }

    @Test
    void givenAMarkedController_whenItThrowsIllegalState_thenItAnswers503WithTheMessage() throws Exception {
        assertThat(answer("/marked/unavailable")).satisfies(r -> {
            assertThat(r.getResponse().getStatus()).isEqualTo(503);
            assertThat(r.getResponse().getContentAsString()).isEqualTo("{\"error\":\"broker away\"}");
        });
    }

    @Test
    void givenAnUnmarkedController_whenItThrowsIllegalState_thenTheAdviceLeavesItToSpringsDefault() {
        assertThatThrownBy(() -> mvc.perform(get("/unmarked/unavailable"))).isInstanceOf(ServletException.class)
            .hasRootCauseInstanceOf(IllegalStateException.class);
    }

    private MvcResult answer(String path) throws Exception {
        return mvc.perform(get(path)).andReturn();
    }

    @RestController
    @UnavailableOnIllegalState
    static class Marked {

        @GetMapping("/marked/bad")
        String bad() {
            return String.valueOf(SandboxRequests.copies(101));
        }

        @GetMapping("/marked/unavailable")
        String unavailable() {
            throw new IllegalStateException("broker away");
        }

    }

    @RestController
    static class Unmarked {

        @GetMapping("/unmarked/unknown")
        String unknown() {
            throw new NoSuchElementException("unknown notification x");
        }

        @GetMapping("/unmarked/unavailable")
        String unavailable() {
            throw new IllegalStateException("pusher closed");
        }

    }

}
